"""monopoly_cpc.render"""
