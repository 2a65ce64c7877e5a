"""What ``companion serve`` needs: the server, the ASGI front of each worker, the news
pushed to the phones, backups (docs/architecture.md, docs/hosting.md)."""
