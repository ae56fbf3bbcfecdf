"""monopoly_cpc.commands"""
