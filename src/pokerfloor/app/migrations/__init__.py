"""The store's Alembic migrations, run by ``open_store`` (no ``alembic.ini`` needed)."""
