import type { DataSourceStatus, Generation, RiskLabel, WalletReport } from '@paysight/contracts';

/** The words the page uses for the report's enumerations. */

export const RISK_LABEL_TEXT: Record<RiskLabel, string> = {
  low: 'Low risk',
  guarded: 'Guarded',
  elevated: 'Elevated risk',
  high: 'High risk',
  severe: 'Severe risk',
};

export const REPORT_TYPE_TEXT: Record<WalletReport['reportType'], string> = {
  wallet_money_map: 'Wallet money map',
  contract_project_risk_snapshot: 'Contract / project risk snapshot',
  stablecoin_creator_business_setup: 'Stablecoin creator business setup',
};

const ACCOUNT_TYPE_TEXT: Record<string, string> = {
  eoa: 'Externally owned account',
  contract: 'Contract',
  delegated_eoa: 'Delegated account (EIP-7702)',
};

export function accountTypeText(accountType: string): string {
  return ACCOUNT_TYPE_TEXT[accountType] ?? accountType;
}

export const DATA_SOURCE_TEXT: Record<DataSourceStatus, string> = {
  Live: 'Live: read from production chain data.',
  Partial: 'Partial: a data source failed or does not cover this chain; see the notes below.',
  Demo: 'Demo: read from local development chains, not a public network.',
};

export function generationText(generation: Generation): string {
  switch (generation.aiStatus) {
    case 'succeeded':
      return 'AI-assisted: validated AI sections were added to the deterministic analysis.';
    case 'not_attempted':
      return 'Deterministic: no AI provider is configured.';
    case 'failed':
      return `Deterministic: the AI provider failed (${generation.reason.replace('_', ' ')}), so only the deterministic analysis is shown.`;
    case 'unknown':
      return 'Unknown: how this text was generated was not recorded.';
  }
}

const FLOW_KIND_TEXT: Record<WalletReport['flows'][number]['kind'], string> = {
  native: 'Native',
  internal: 'Internal',
  erc20: 'ERC-20',
  erc721: 'ERC-721',
  erc1155: 'ERC-1155',
};

export function flowKindText(kind: WalletReport['flows'][number]['kind']): string {
  return FLOW_KIND_TEXT[kind];
}

const EVIDENCE_KIND_TEXT: Record<WalletReport['riskFlags'][number]['evidence'][number]['kind'], string> = {
  transaction: 'Transaction',
  log: 'Log',
  address: 'Address',
  contract_code: 'Contract code',
  contract_state: 'Contract state',
  dataset: 'Dataset',
};

export function evidenceKindText(kind: WalletReport['riskFlags'][number]['evidence'][number]['kind']): string {
  return EVIDENCE_KIND_TEXT[kind];
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
