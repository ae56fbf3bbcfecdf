"""`python -m monopoly_cpc` runs the same command line as `monopoly-cpc`."""

from monopoly_cpc.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
