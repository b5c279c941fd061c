FROM node:24-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
# In a container the published port is the boundary: listen on every interface (demo mode would default to 127.0.0.1).
ENV HOST=0.0.0.0
EXPOSE 3000
CMD ["node", "server/src/main.ts"]
