import type { NarrationSection } from '@paysight/contracts';
import { z } from 'zod';

export const SECTION_LIMITS = { title: 80, text: 1200 } as const;

const sectionsSchema = z.object({
  sections: z
    .array(
      z.strictObject({
        title: z.string().trim().min(1).max(SECTION_LIMITS.title),
        text: z.string().trim().min(1).max(SECTION_LIMITS.text),
      }),
    )
    .min(1),
});

/** C0 control characters other than tab, line feed and carriage return, and DEL. */
function hasControlCharacters(text: string): boolean {
  return [...text].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== '\t' && c !== '\n' && c !== '\r') || code === 127;
  });
}
const HEX_IDENTIFIERS = /0x[0-9a-fA-F]{40,64}/g;

export type SectionsCheck = { ok: true; sections: NarrationSection[] } | { ok: false; problem: string };

/**
 * Accepts a model's answer only if it is the JSON we asked for, within bounds, free of control
 * characters, and grounded: every address or hash it mentions must appear in the facts it was given.
 */
export function validateSections(content: string, facts: unknown, maxSections: number): SectionsCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'the answer is not JSON' };
  }
  const result = sectionsSchema.safeParse(parsed);
  if (!result.success) return { ok: false, problem: 'the answer does not have the sections shape' };
  const sections = result.data.sections;
  if (sections.length > maxSections) return { ok: false, problem: `more than ${maxSections} sections` };
  const known = JSON.stringify(facts).toLowerCase();
  for (const section of sections) {
    if (hasControlCharacters(section.title) || hasControlCharacters(section.text)) return { ok: false, problem: 'control characters' };
    for (const id of `${section.title} ${section.text}`.match(HEX_IDENTIFIERS) ?? []) {
      if (!known.includes(id.toLowerCase())) return { ok: false, problem: `mentions ${id.slice(0, 10)}…, which is not in the facts` };
    }
  }
  return { ok: true, sections };
}
