/**
 * The vocabulary of SDIFF, the family's JSON-Schema compatibility classifier (design sheet §0,
 * "Shared helpers"): the classes a schema change falls into, most severe first, and the kinds of
 * change it reports. Tools that report SDIFF results (#7, #29, #44) take their enums from here.
 */
export const SCHEMA_CHANGE_CLASSES = ['breaking', 'risky', 'nonbreaking', 'cosmetic'] as const;
export type SchemaChangeClass = (typeof SCHEMA_CHANGE_CLASSES)[number];

export const SCHEMA_CHANGE_KINDS = [
  'property_added',
  'property_removed',
  'property_required',
  'property_optional',
  'type_narrowed',
  'type_widened',
  'type_changed',
  'enum_values_added',
  'enum_values_removed',
  'enum_added',
  'enum_removed',
  'const_added',
  'const_removed',
  'const_changed',
  'bound_tightened',
  'bound_loosened',
  'pattern_added',
  'pattern_changed',
  'pattern_removed',
  'format_added',
  'format_changed',
  'format_removed',
  'additional_properties_closed',
  'additional_properties_opened',
  'schema_rejects_all',
  'schema_accepts_all',
  'unclassified_change',
  'annotation_changed',
] as const;
export type SchemaChangeKind = (typeof SCHEMA_CHANGE_KINDS)[number];
