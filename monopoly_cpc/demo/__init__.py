"""monopoly_cpc.demo"""
