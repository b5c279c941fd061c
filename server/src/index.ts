export { buildApp } from './app.ts';
export { type Config, loadConfig } from './config.ts';
export { createServer, type Server } from './server.ts';
