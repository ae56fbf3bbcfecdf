"""monopoly_cpc.ai"""
