import type { DiscoveryDocumentKind, DiscoveryFinding } from '@paysight/contracts';

type Severity = DiscoveryFinding['severity'];
const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

export interface FindingInput {
  code: string;
  severity: Severity;
  path: string | null;
  documents: DiscoveryDocumentKind[];
  expected: string | null;
  observed: string | null;
  explanation: string;
}

/**
 * The findings of one audit. The same disagreement on many paths (a document on the wrong network
 * for every resource) is one finding with the number of paths it holds for, not one per path.
 */
export class Findings {
  private readonly byKey = new Map<string, { finding: FindingInput; paths: Set<string> }>();

  add(finding: FindingInput): void {
    const key = [finding.code, finding.severity, finding.documents.join(','), finding.expected, finding.observed].join('\u0000');
    const seen = this.byKey.get(key);
    if (seen) {
      if (finding.path !== null) seen.paths.add(finding.path);
      return;
    }
    this.byKey.set(key, { finding, paths: new Set(finding.path === null ? [] : [finding.path]) });
  }

  has(severity: Severity): boolean {
    return [...this.byKey.values()].some(({ finding }) => finding.severity === severity);
  }

  /** Most severe first; in the order the rules ran within a severity. */
  list(): DiscoveryFinding[] {
    return [...this.byKey.values()]
      .map(({ finding, paths }) => ({
        ...finding,
        affected_paths: paths.size,
        explanation: paths.size > 1 ? `${finding.explanation} The same holds for ${paths.size - 1} more path(s).` : finding.explanation,
      }))
      .sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  }
}
