"""monopoly_cpc.screens"""
