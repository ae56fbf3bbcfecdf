"""The exhibition session's plugins (see ``monopoly_cpc.demo.exhibit`` and docs/kiosk.md)."""
