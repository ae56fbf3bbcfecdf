"""monopoly_cpc.sound"""
