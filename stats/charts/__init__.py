"""Chart geometry for SVG charts drawn on the server: pure Python, no Django.

`lines` lays out line charts (templates/stats/charts/line_chart.html draws them).
"""
