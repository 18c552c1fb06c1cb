import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client';
import { OidcError } from './oidc-error';

type Detail = { claim?: unknown; attribute?: unknown };
const asDetail = (value: unknown): Detail =>
  typeof value === 'object' && value !== null ? value : {};

/** openid-client puts the comparison detail on its cause, or on its cause's cause (oauth4webapi). */
const detailOf = (error: ClientError): Detail => {
  const direct = asDetail(error.cause);
  if (direct.claim !== undefined || direct.attribute !== undefined) return direct;
  return asDetail((error.cause as { cause?: unknown } | undefined)?.cause);
};

/** Maps whatever openid-client threw onto a typed OidcError; unknown failures stay failures. */
export function classifyOidcError(error: unknown): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof AuthorizationResponseError) {
    const reason = error.error === 'access_denied' ? 'access_denied' : 'provider_error';
    return new OidcError(reason, `The provider refused the sign-in: ${error.error}`, {
      cause: error,
    });
  }
  if (error instanceof ResponseBodyError) {
    return new OidcError('provider_error', `The provider answered ${error.status} ${error.error}`, {
      cause: error,
    });
  }
  if (error instanceof ClientError) {
    const { claim, attribute } = detailOf(error);
    if (claim === 'nonce')
      return new OidcError('nonce_mismatch', 'The ID token nonce does not match this sign-in', {
        cause: error,
      });
    if (
      claim === 'iss' ||
      attribute === 'issuer' ||
      /"iss" \(issuer\)/.test(String((error.cause as Error | undefined)?.message))
    ) {
      return new OidcError('issuer_mismatch', 'The provider is not the configured issuer', {
        cause: error,
      });
    }
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') {
      return new OidcError('provider_unreachable', 'The provider did not answer in time', {
        cause: error,
      });
    }
    return new OidcError(
      'invalid_response',
      `The provider's answer was refused: ${error.message}`,
      { cause: error },
    );
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return new OidcError('provider_unreachable', 'The provider could not be reached', {
      cause: error,
    });
  }
  return new OidcError('invalid_response', 'The sign-in with the provider failed', {
    cause: error,
  });
}
