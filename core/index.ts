export * from './errors.ts';
export * from './modules.ts';
export * from './plugin.ts';
export * from './rest.ts';
export * from './roles.ts';
