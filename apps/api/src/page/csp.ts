import { createHash } from 'node:crypto';

/** The CSP source that admits exactly this inline stylesheet or script. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The policy of a self-contained page: nothing loads but the inline stylesheet (and script, if
 * any) admitted by their hashes and data: images. No fonts, no connections, no framing, no forms.
 */
export function selfContainedPageCsp(inline: { style: string; script?: string }): string {
  return [
    "default-src 'none'",
    `style-src ${sha256Source(inline.style)}`,
    inline.script === undefined ? null : `script-src ${sha256Source(inline.script)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ]
    .filter((directive) => directive !== null)
    .join('; ');
}
