/**
 * How every settings endpoint writes (decision 013): said once, shown in the OpenAPI
 * description of each such route and request schema.
 */
export const PARTIAL_WRITE =
  'Partial update: send only what changes. A field left out keeps its value, `null` clears a field that may be empty, and an unknown field is refused (422). Nested settings (an event’s `settings` and `location`) follow the same rule field by field. The answer is the whole resource as stored.';
