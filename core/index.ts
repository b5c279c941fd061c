export * from './errors.ts';
export * from './modules.ts';
export * from './plugin.ts';
export * from './rest.ts';
export * from './roles.ts';
export * from './schemas.ts';
export * from './ids.ts';
export * from './format.ts';
