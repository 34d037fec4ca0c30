import { receiptSignerIdentity, signerKid } from '@paysight/payment';
import { privateKeyToAccount } from 'viem/accounts';
import { DEVNET_RECEIPT_SIGNING_KEY } from '../src/config.js';

const { address } = privateKeyToAccount(DEVNET_RECEIPT_SIGNING_KEY);

/** The signer every test API publishes and signs with (apiConfig's default key). */
export const DEVNET_RECEIPT_SIGNER = receiptSignerIdentity({ address, kid: signerKid(address) });
