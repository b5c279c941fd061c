// TypeBox schemas of the residents plugin: request/response validation, OpenAPI, and the admin's validators.
// family and approvers
export * from './household.ts';
