import { CATALOG, toolById } from '@paysight/contracts';
import { NOT_SERVED_YET, TOOL_MODULES, toolModuleFor } from '../src/registry.js';

describe('tool registry', () => {
  it('serves every catalog entry or lists it, with a reason, as not served yet (never both)', () => {
    for (const entry of CATALOG) {
      const served = toolModuleFor(entry) !== undefined;
      const listed = Object.hasOwn(NOT_SERVED_YET, entry.id);
      expect({ tool: entry.id, servedOrListed: served !== listed }).toEqual({ tool: entry.id, servedOrListed: true });
    }
    for (const reason of Object.values(NOT_SERVED_YET)) expect(reason.length).toBeGreaterThan(10);
  });

  it('keys each module by the id of the catalog entry it was declared against, and only catalog ids', () => {
    for (const [id, module] of Object.entries(TOOL_MODULES)) {
      expect(module.entry.id).toBe(id);
      expect(module.entry).toBe(toolById(id));
    }
    for (const id of Object.keys(NOT_SERVED_YET)) expect(toolById(id)).toBeDefined();
  });
});
