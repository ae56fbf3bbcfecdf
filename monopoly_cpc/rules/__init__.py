"""monopoly_cpc.rules"""
