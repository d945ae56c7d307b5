# Tafel's server in a container: `tafel serve` on port 8000 (compose.yaml runs several).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY tafel ./tafel
RUN pip install . && useradd --create-home --uid 10001 tafel && mkdir /data && chown tafel /data

# Without --db the store is SQLite in the tafel user's data directory: mount a volume on /data
# and pass --db sqlite:////data/tafel.db to keep it.
USER tafel
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"
ENTRYPOINT ["tafel"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000", "--db", "sqlite:////data/tafel.db"]
