FROM node:24-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
EXPOSE 3000
CMD ["node", "server/src/main.ts"]
