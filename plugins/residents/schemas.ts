// TypeBox schemas of the residents plugin: request/response validation, OpenAPI, and the admin's validators.
// Family and approvers (household.ts); plates and tags (vehicles.schemas.ts); moving and pets (moving-schemas.ts).
export * from './household.ts';
export * from './moving-schemas.ts';
export * from './vehicles.schemas.ts';
