"""`python -m bench`: build the benchmark leagues, measure the pages, write the table to README."""
