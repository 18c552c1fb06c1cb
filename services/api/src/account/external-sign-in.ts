import { profileImageUrlSchema } from '@whosright/contracts/account/dto';
import { isRefusedProfileImageHost } from '@whosright/contracts/account/profile-image';
import type { Actor } from '#api/platform/actor';
import { ConflictError, ValidationError } from '#api/platform/errors';
import type { CommandBus } from '#api/write/command-bus';
import type { AdminEmails } from './admin-emails';
import { user } from './decider';
import type { Registration } from './registration';
import { claim, identityStream, reservationHolder, userIdByEmail } from './reservations';
import type { Sessions, SignedIn } from './sessions';
import { userExists, userState, userStream } from './user-state';

/** Who the external sign-in provider says signed in. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email?: string | undefined;
  emailVerified: boolean;
  givenName?: string | undefined;
  familyName?: string | undefined;
  picture?: string | undefined;
}

export interface ExternalSignInDeps {
  bus: CommandBus;
  registration: Registration;
  sessions: Sessions;
  adminEmails: AdminEmails;
  publicUrl: string;
}

/**
 * Signing in with an external provider: an identity is linked by (issuer, subject); a new one
 * joins the account of its e-mail only when the provider verified the address, else a new
 * account is opened for it.
 */
export class ExternalSignIn {
  constructor(private readonly deps: ExternalSignInDeps) {}

  async signIn(identity: ExternalIdentity, actor: Actor): Promise<SignedIn> {
    const { bus } = this.deps;
    const stream = identityStream(identity.issuer, identity.subject);
    const linked = await reservationHolder(bus, stream);
    if (linked && (await userExists(bus, linked))) {
      const state = await userState(bus, linked);
      return this.deps.sessions.start(linked, 'external', actor, state.credentialsVersion);
    }
    const email = identity.email?.trim().toLowerCase();
    const userId = await this.accountOf(identity, email, actor);
    const as = { ...actor, userId };
    await claim(bus, stream, userId, as);
    const { issuer, subject } = identity;
    await bus.run(userStream(userId), user, { type: 'LinkExternalIdentity', issuer, subject }, as);
    // Only the provider's `email_verified` proves the address (and so can make it an admin).
    if (identity.emailVerified && email)
      await bus.run(userStream(userId), user, { type: 'MarkEmailVerified', via: 'external' }, as);
    const state = await userState(bus, userId);
    await this.deps.adminEmails.apply(userId, state, as);
    return this.deps.sessions.start(userId, 'external', actor, state.credentialsVersion);
  }

  /** The account a new identity joins: its verified e-mail's, or a new one opened for it. */
  private async accountOf(
    identity: ExternalIdentity,
    email: string | undefined,
    actor: Actor,
  ): Promise<string> {
    const owner = email ? await userIdByEmail(this.deps.bus, email) : null;
    if (owner && identity.emailVerified) return owner;
    if (!email) throw new ValidationError('Your sign-in provider did not share an e-mail address');
    if (owner)
      throw new ConflictError(
        'An account with this email already exists. Sign in with your password.',
      );
    return this.deps.registration.open(
      {
        email,
        firstName: identity.givenName ?? null,
        lastName: identity.familyName ?? null,
        passwordHash: null,
        role: 'user',
        profileImageUrl: this.acceptablePicture(identity.picture),
      },
      actor,
    );
  }

  /** A provider's picture, when it is one a member could set themself (else none). */
  private acceptablePicture(picture: string | undefined): string | null {
    const valid = profileImageUrlSchema.safeParse(picture);
    if (!valid.success) return null;
    return isRefusedProfileImageHost(valid.data, this.deps.publicUrl) ? null : valid.data;
  }
}
