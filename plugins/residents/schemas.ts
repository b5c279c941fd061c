// TypeBox schemas of the residents plugin: request/response validation, OpenAPI, and the admin's validators.
// Family and approvers, plates and tags, moving and pets; each beside the TypeBox-free rules and texts it uses.
export * from './household.schemas.ts';
export * from './moving.schemas.ts';
export * from './vehicles.schemas.ts';
