"""monopoly_cpc.keyboard"""
