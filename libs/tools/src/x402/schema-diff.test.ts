import { schemaDiff, worstClass, type SchemaSide } from './schema-diff.js';

const kinds = (before: unknown, after: unknown, side: SchemaSide) => schemaDiff(before, after, side).changes.map((c) => [c.kind, c.class, c.instance_path]);
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

describe('SDIFF: JSON-Schema compatibility classifier', () => {
  it('identical schemas are unchanged; key order does not matter', () => {
    const a = obj({ chain: { type: 'string', enum: ['base', 'ethereum'] } }, { required: ['chain'] });
    const b = { required: ['chain'], properties: { chain: { enum: ['base', 'ethereum'], type: 'string' } }, type: 'object' };
    expect(schemaDiff(a, b, 'input')).toEqual({ class: 'unchanged', changes: [], truncated: false, unresolved_refs: [], nodes: 2 });
  });

  describe('input side (what callers send)', () => {
    it('breaking: a new required property, a removal under additionalProperties false, a narrowed or changed type', () => {
      expect(kinds(obj({ a: {} }), obj({ a: {}, chain: { type: 'string' } }, { required: ['chain'] }), 'input')).toEqual([
        ['property_required', 'breaking', '/chain'],
        ['property_added', 'nonbreaking', '/chain'],
      ]);
      expect(kinds(obj({ a: {}, b: {} }, { additionalProperties: false }), obj({ a: {} }, { additionalProperties: false }), 'input')).toEqual([['property_removed', 'breaking', '/b']]);
      expect(kinds(obj({ n: { type: ['string', 'number'] } }), obj({ n: { type: 'string' } }), 'input')).toEqual([['type_narrowed', 'breaking', '/n']]);
      expect(kinds(obj({ n: { type: 'number' } }), obj({ n: { type: 'integer' } }), 'input')).toEqual([['type_narrowed', 'breaking', '/n']]);
      expect(kinds(obj({ n: { type: 'number' } }), obj({ n: { type: 'string' } }), 'input')).toEqual([['type_changed', 'breaking', '/n']]);
      expect(kinds(obj({ n: {} }), obj({ n: { type: 'string' } }), 'input')).toEqual([['type_narrowed', 'breaking', '/n']]);
    });

    it('breaking: an enum value removed, a const changed, a bound tightened, a pattern added or changed, additionalProperties true → false', () => {
      const diff = schemaDiff(obj({ chain: { enum: ['ethereum', 'base', 'polygon'] } }), obj({ chain: { enum: ['ethereum', 'base'] } }), 'input');
      expect(diff.changes).toEqual([{ kind: 'enum_values_removed', class: 'breaking', schema_path: '/properties/chain/enum', instance_path: '/chain', before: ['polygon'] }]);
      expect(kinds({ const: 'v1' }, { const: 'v2' }, 'input')).toEqual([['const_changed', 'breaking', '']]);
      expect(kinds({ maxLength: 10, minimum: 1 }, { maxLength: 8, minimum: 2 }, 'input')).toEqual([
        ['bound_tightened', 'breaking', ''],
        ['bound_tightened', 'breaking', ''],
      ]);
      expect(kinds({}, { maxItems: 3 }, 'input')).toEqual([['bound_tightened', 'breaking', '']]);
      expect(kinds({}, { pattern: '^0x' }, 'input')).toEqual([['pattern_added', 'breaking', '']]);
      expect(kinds({ pattern: '^0x' }, { pattern: '^0x[0-9a-f]+$' }, 'input')).toEqual([['pattern_changed', 'breaking', '']]);
      expect(kinds({ type: 'object' }, { type: 'object', additionalProperties: false }, 'input')).toEqual([['additional_properties_closed', 'breaking', '']]);
      expect(kinds({ additionalProperties: true }, { additionalProperties: false }, 'input')).toEqual([['additional_properties_closed', 'breaking', '']]);
    });

    it('nonbreaking: the reverse loosenings and an optional property added', () => {
      expect(kinds(obj({ a: {} }, { required: ['a'] }), obj({ a: {} }), 'input')).toEqual([['property_optional', 'nonbreaking', '/a']]);
      expect(kinds(obj({ n: { type: 'string' } }), obj({ n: { type: ['string', 'null'] } }), 'input')).toEqual([['type_widened', 'nonbreaking', '/n']]);
      expect(kinds({ enum: ['a'] }, { enum: ['a', 'b'] }, 'input')).toEqual([['enum_values_added', 'nonbreaking', '']]);
      expect(kinds({ maxLength: 8, minItems: 2 }, { maxLength: 10 }, 'input')).toEqual([
        ['bound_loosened', 'nonbreaking', ''],
        ['bound_loosened', 'nonbreaking', ''],
      ]);
      expect(kinds({ pattern: '^0x' }, {}, 'input')).toEqual([['pattern_removed', 'nonbreaking', '']]);
      expect(kinds({ additionalProperties: false }, {}, 'input')).toEqual([['additional_properties_opened', 'nonbreaking', '']]);
      expect(kinds(obj({ a: {} }), obj({ a: {}, b: { type: 'string' } }), 'input')).toEqual([['property_added', 'nonbreaking', '/b']]);
      expect(schemaDiff(obj({ a: {} }), obj({ a: {}, b: {} }), 'input').class).toBe('nonbreaking');
    });

    it('decided where §0 is silent: a removal from an open object is risky, a new format is breaking', () => {
      expect(kinds(obj({ a: {}, b: {} }), obj({ a: {} }), 'input')).toEqual([['property_removed', 'risky', '/b']]);
      expect(kinds({ type: 'string' }, { type: 'string', format: 'uri' }, 'input')).toEqual([['format_added', 'breaking', '']]);
      expect(kinds({ multipleOf: 1 }, { multipleOf: 5 }, 'input')).toEqual([['unclassified_change', 'risky', '']]);
    });
  });

  describe('output side (what callers read)', () => {
    it('breaking: a removed property, one dropped from required, any type change', () => {
      expect(kinds(obj({ a: {}, b: {} }), obj({ a: {} }), 'output')).toEqual([['property_removed', 'breaking', '/b']]);
      expect(kinds(obj({ a: {} }, { required: ['a'] }), obj({ a: {} }), 'output')).toEqual([['property_optional', 'breaking', '/a']]);
      expect(kinds(obj({ n: { type: 'string' } }), obj({ n: { type: ['string', 'null'] } }), 'output')).toEqual([['type_widened', 'breaking', '/n']]);
      expect(kinds(obj({ n: { type: ['string', 'null'] } }), obj({ n: { type: 'string' } }), 'output')).toEqual([['type_narrowed', 'breaking', '/n']]);
    });

    it('risky: an added enum value; nonbreaking: an added property; narrowing is safe for readers', () => {
      expect(kinds({ enum: ['ok'] }, { enum: ['ok', 'partial'] }, 'output')).toEqual([['enum_values_added', 'risky', '']]);
      expect(schemaDiff({ enum: ['ok'] }, { enum: ['ok', 'partial'] }, 'output').class).toBe('risky');
      expect(kinds(obj({ a: {} }), obj({ a: {}, b: {} }), 'output')).toEqual([['property_added', 'nonbreaking', '/b']]);
      expect(kinds({ enum: ['ok', 'partial'] }, { enum: ['ok'] }, 'output')).toEqual([['enum_values_removed', 'nonbreaking', '']]);
      expect(kinds({}, { maxLength: 5 }, 'output')).toEqual([['bound_tightened', 'nonbreaking', '']]);
      expect(kinds({ maxLength: 5 }, {}, 'output')).toEqual([['bound_loosened', 'risky', '']]);
    });
  });

  it('title, description and examples are cosmetic; the class is the worst change', () => {
    const diff = schemaDiff(obj({ a: { description: 'x' } }, { title: 'T' }), obj({ a: { description: 'y', examples: ['1'] } }, { title: 'U' }), 'input');
    expect(diff.class).toBe('cosmetic');
    expect(diff.changes.map((c) => c.schema_path)).toEqual(['/properties/a/description', '/properties/a/examples', '/title']);
    expect(worstClass(['cosmetic', 'risky', 'nonbreaking'])).toBe('risky');
    expect(worstClass([])).toBe('unchanged');
  });

  it('changes sort breaking first, ties in walk order', () => {
    const diff = schemaDiff(obj({ a: { type: 'string' }, b: {} }), obj({ a: { type: 'string', description: 'd' }, b: {}, c: {} }, { required: ['b'] }), 'input');
    expect(diff.changes.map((c) => c.kind)).toEqual(['property_required', 'property_added', 'annotation_changed']);
  });

  it('walks items, tuples and additionalProperties schemas with * and index instance paths', () => {
    expect(kinds({ type: 'array', items: { type: 'string' } }, { type: 'array', items: { type: 'integer' } }, 'input')).toEqual([['type_changed', 'breaking', '/*']]);
    expect(kinds({ prefixItems: [{ type: 'string' }, {}] }, { prefixItems: [{ type: 'string', maxLength: 3 }] }, 'input')).toEqual([
      ['bound_tightened', 'breaking', '/0'],
      ['unclassified_change', 'risky', ''],
    ]);
    expect(kinds({ additionalProperties: { type: 'number' } }, { additionalProperties: { type: 'integer' } }, 'input')).toEqual([['type_narrowed', 'breaking', '/*']]);
    expect(kinds(obj({ a: obj({ b: { enum: [1, 2] } }) }), obj({ a: obj({ b: { enum: [1] } }) }), 'input')).toEqual([['enum_values_removed', 'breaking', '/a/b']]);
  });

  it('boolean schemas: true accepts anything, false nothing', () => {
    expect(kinds(obj({ a: true }), obj({ a: false }), 'input')).toEqual([['schema_rejects_all', 'breaking', '/a']]);
    expect(kinds(obj({ a: false }), obj({ a: {} }), 'output')).toEqual([['schema_accepts_all', 'risky', '/a']]);
    expect(kinds(true, { type: 'object' }, 'input')).toEqual([['type_narrowed', 'breaking', '']]);
  });

  describe('$ref', () => {
    it('follows local refs into $defs and definitions on each side; sibling keywords apply', () => {
      const before = { $defs: { chain: { enum: ['base', 'polygon'] } }, ...obj({ chain: { $ref: '#/$defs/chain' } }) };
      const after = { definitions: { c: { enum: ['base'] } }, ...obj({ chain: { $ref: '#/definitions/c', description: 'the chain' } }) };
      const diff = schemaDiff(before, after, 'input');
      expect(diff.changes.map((c) => [c.kind, c.schema_path])).toEqual([
        ['enum_values_removed', '/properties/chain/enum'],
        ['annotation_changed', '/properties/chain/description'],
      ]);
      expect(diff.unresolved_refs).toEqual([]);
    });

    it('a change inside a shared definition is reported at every site that uses it', () => {
      const schema = (max: number) => ({ $defs: { addr: { type: 'string', maxLength: max } }, ...obj({ from: { $ref: '#/$defs/addr' }, to: { $ref: '#/$defs/addr' } }) });
      expect(kinds(schema(42), schema(40), 'input')).toEqual([
        ['bound_tightened', 'breaking', '/from'],
        ['bound_tightened', 'breaking', '/to'],
      ]);
    });

    it('cyclic schemas terminate, and a change on the cycle is still found', () => {
      const tree = (leaf: string) => ({ $defs: { node: obj({ value: { type: leaf }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }) }, $ref: '#/$defs/node' });
      expect(schemaDiff(tree('string'), tree('string'), 'input')).toMatchObject({ class: 'unchanged', truncated: false });
      const diff = schemaDiff(tree('string'), tree('integer'), 'input');
      expect(diff.changes.map((c) => [c.kind, c.instance_path])).toEqual([['type_changed', '/value']]);
      expect(diff.truncated).toBe(false);
      const self = { $ref: '#' };
      expect(schemaDiff(self, self, 'input').class).toBe('unchanged');
    });

    it('remote or dangling refs are compared as strings and listed', () => {
      const diff = schemaDiff(obj({ a: { $ref: 'https://x.example/a.json' } }), obj({ a: { $ref: 'https://x.example/b.json' }, b: { $ref: '#/$defs/missing' } }), 'input');
      expect(diff.changes.map((c) => [c.kind, c.class, c.schema_path])).toEqual([
        ['unclassified_change', 'risky', '/properties/a/$ref'],
        ['property_added', 'nonbreaking', '/properties/b'],
      ]);
      expect(diff.unresolved_refs).toEqual(['https://x.example/a.json', 'https://x.example/b.json']);
      expect(schemaDiff({ $ref: 'https://x.example/a.json' }, { $ref: 'https://x.example/a.json' }, 'input').class).toBe('unchanged');
    });
  });

  describe('bounded cost', () => {
    const nested = (levels: number, leaf: unknown): unknown => (levels === 0 ? leaf : obj({ x: nested(levels - 1, leaf) }));

    it('a schema deeper than maxDepth stops the walk and says so', () => {
      const diff = schemaDiff(nested(100, { type: 'string' }), nested(100, { type: 'number' }), 'input');
      expect(diff.truncated).toBe(true);
      expect(diff.changes).toEqual([]);
      expect(schemaDiff(nested(20, { type: 'string' }), nested(20, { type: 'number' }), 'input', { maxDepth: 32 }).changes).toHaveLength(1);
    });

    it('visits each node pair once (O(nodes)) and stops at maxNodes', () => {
      const wide = (type: string) => obj(Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`p${i}`, { type }])));
      const diff = schemaDiff(wide('string'), wide('number'), 'input', { maxNodes: 10_000 });
      expect(diff.nodes).toBe(1501);
      expect(diff.changes).toHaveLength(1500);
      const capped = schemaDiff(wide('string'), wide('number'), 'input', { maxNodes: 100 });
      expect(capped).toMatchObject({ truncated: true, nodes: 100 });
      expect(capped.changes).toHaveLength(99);
    });

    it('a ref explosion (each definition used twice by the next) is stopped by the node budget', () => {
      const defs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`d${i}`, i === 39 ? { type: 'string' } : obj({ l: { $ref: `#/$defs/d${i + 1}` }, r: { $ref: `#/$defs/d${i + 1}` } })]));
      const diff = schemaDiff({ $defs: defs, $ref: '#/$defs/d0' }, { $defs: { ...defs, d39: { type: 'number' } }, $ref: '#/$defs/d0' }, 'input');
      expect(diff.truncated).toBe(true);
      expect(diff.nodes).toBe(5000);
    });
  });
});
