"""monopoly_cpc.boot"""
