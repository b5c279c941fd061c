// TypeBox schemas of the residents plugin: request/response validation, OpenAPI, and the admin's validators.
// Plates and tags (vehicles.schemas.ts).
export * from './vehicles.schemas.ts';
