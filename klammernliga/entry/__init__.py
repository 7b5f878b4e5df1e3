"""The entry side: scorekeepers record evenings and games (views, forms, urls)."""
