// TypeBox schemas of the residents plugin: request/response validation, OpenAPI, and the admin's validators.

// Moving requests and pets.
export * from './moving-schemas.ts';
