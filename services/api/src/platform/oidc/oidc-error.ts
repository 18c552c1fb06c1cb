/** Why a sign-in with the external provider did not complete. Every one of them fails closed. */
export type OidcFailure =
  /** The transaction from the caller's cookie is missing or malformed (expired, tampered). */
  | 'invalid_transaction'
  /** The callback's `state` is not the one this browser started with (CSRF or a stale tab). */
  | 'state_mismatch'
  /** The ID token's `nonce` is not the one of this transaction (replayed or injected token). */
  | 'nonce_mismatch'
  /** The provider's metadata, the callback's `iss` or the ID token's `iss` is not OIDC_ISSUER. */
  | 'issuer_mismatch'
  /** The user cancelled or refused consent at the provider. */
  | 'access_denied'
  /** The provider answered with an error (bad client credentials, spent code, ...). */
  | 'provider_error'
  /** The provider could not be reached. */
  | 'provider_unreachable'
  /** Anything else the client library refused (signature, expiry, missing claims, ...). */
  | 'invalid_response';

export class OidcError extends Error {
  override name = 'OidcError';
  constructor(
    readonly reason: OidcFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
