"""Zillions games into the catalogue: ``variantgen import FILE.zrf``."""
