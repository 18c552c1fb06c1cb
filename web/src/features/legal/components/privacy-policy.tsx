import type { ReactNode } from 'react';

/** When this policy text last changed; update it with the text. */
export const PRIVACY_POLICY_UPDATED = '22 November 2026';

export interface PrivacyPolicyProps {
  /** A control that opens the cookie preferences (composed by the route). */
  cookieSettings?: ReactNode;
  /** The name of the external sign-in provider, when one is configured. */
  signInProvider?: string | null;
  /** Where privacy questions go. */
  contactEmail?: string | null;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid scroll-mt-20 gap-3">
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const list = 'grid list-disc gap-2 pl-5 marker:text-muted-foreground';

/** The privacy policy, written for Who's Right. */
export function PrivacyPolicy({
  cookieSettings,
  signInProvider,
  contactEmail,
}: PrivacyPolicyProps) {
  const provider = signInProvider?.trim() || 'an external identity provider';
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 leading-relaxed sm:py-12">
      <header className="grid gap-2">
        <p className="text-sm font-semibold text-muted-foreground">
          Last updated {PRIVACY_POLICY_UPDATED}
        </p>
        <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">
          Privacy Policy
        </h1>
        <p className="text-muted-foreground">
          Who&apos;s Right is a community where people share short, anonymous stories about a
          disagreement with their partner and everyone votes on who is right. This policy explains
          what we collect, why, who else is involved and the choices you have.
        </p>
      </header>

      <nav aria-label="On this page" className="rounded-xl border bg-card p-4 text-sm">
        <ol className="grid gap-1 sm:grid-cols-2">
          {[
            ['information', 'Information we collect'],
            ['usage', 'How we use it'],
            ['cookies', 'Cookies'],
            ['third-parties', 'Third-party services'],
            ['rights', 'Your rights'],
            ['cookie-management', 'Managing cookies'],
            ['security', 'Security'],
            ['contact', 'Contact'],
          ].map(([id, label], index) => (
            <li key={id}>
              <a className="underline-offset-4 hover:underline" href={`#${id}`}>
                {index + 1}. {label}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="information" title="1. Information we collect">
        <ul className={list}>
          <li>
            <strong>Account details.</strong> When you sign up: your e-mail address, a password
            (stored only as a salted hash), your first name and, if you give them, your last name, a
            username and a profile image address. If you sign in with {provider}, we receive your
            e-mail address and name from that provider instead of a password.
          </li>
          <li>
            <strong>What you post.</strong> The stories you submit with their category, your
            comments, and your votes on stories (He&apos;s Right or She&apos;s Right) and on
            comments. Stories are shown without your name; comments show your username or a short
            form of your name.
          </li>
          <li>
            <strong>Activity on stories.</strong> Whether a story was viewed, skipped or engaged
            with, so we can show results and find stories that do not work for readers.
          </li>
          <li>
            <strong>Technical data.</strong> Your IP address, browser type and the time of each
            request, kept in server logs to run and protect the service.
          </li>
        </ul>
      </Section>

      <Section id="usage" title="2. How we use your information">
        <ul className={list}>
          <li>To run your account, sign you in and keep you signed in.</li>
          <li>To publish stories after review, count votes and show comments.</li>
          <li>
            To moderate: reviewing submitted stories, removing content that breaks the rules, and
            limiting or banning accounts that abuse the service.
          </li>
          <li>To send the e-mails you ask for, such as password reset instructions.</li>
          <li>
            With your consent only: to measure how the site is used and to show advertising (see
            Cookies).
          </li>
        </ul>
        <p>We do not sell your personal information.</p>
      </Section>

      <Section id="cookies" title="3. Cookies">
        <p>We use three kinds of cookies and similar browser storage:</p>
        <ul className={list}>
          <li>
            <strong>Essential.</strong> A session cookie that keeps you signed in and protects your
            requests, and a local record of your cookie choices. The site cannot work without them,
            so they are always on. A local note that you have been here before lets the home page
            skip its introduction; it never leaves your browser. The stories you skip wait in a
            local list until our server has recorded them, so they are not shown to you again.
          </li>
          <li>
            <strong>Analytics.</strong> Set only if you allow analytics. They tell us, in aggregate,
            which pages are visited and how people move through the site.
          </li>
          <li>
            <strong>Advertising.</strong> Set only if you allow advertising. They let our ads
            partner show ads, limit how often you see them and measure whether they work.
          </li>
        </ul>
      </Section>

      <Section id="third-parties" title="4. Third-party services">
        <ul className={list}>
          <li>
            <strong>Analytics:</strong> Google Analytics, loaded only when analytics is configured
            for this site and used in consent mode: until you allow analytics, no analytics cookies
            are set.
          </li>
          <li>
            <strong>Advertising:</strong> Google advertising services, which use cookies only if you
            allow advertising.
          </li>
          <li>
            <strong>Authentication provider:</strong> if you choose to continue with {provider},
            that provider handles your sign-in under its own privacy policy and tells us who you
            are.
          </li>
        </ul>
        <p>Each of these services processes data under its own privacy policy.</p>
      </Section>

      <Section id="rights" title="5. Your rights">
        <p>Depending on where you live, you have the right to:</p>
        <ul className={list}>
          <li>see the personal information we hold about you and get a copy of it;</li>
          <li>correct it (you can edit your username and profile image on your profile);</li>
          <li>
            delete it: you can delete your own stories and comments at any time, and ask us to
            delete your account;
          </li>
          <li>object to or restrict some uses, and withdraw consent to cookies at any time;</li>
          <li>complain to your data protection authority.</li>
        </ul>
      </Section>

      <Section id="cookie-management" title="6. Managing cookies">
        <p>
          You choose when you first visit: accept all, reject all, or pick analytics and advertising
          separately under Preferences. You can change your choice here at any time; you can also
          delete cookies and site data in your browser settings.
        </p>
        {cookieSettings ? <div>{cookieSettings}</div> : null}
      </Section>

      <Section id="security" title="7. Security">
        <p>
          Connections are encrypted, passwords are stored only as strong salted hashes, session
          cookies cannot be read by scripts, and access to moderation tools is limited to
          administrators. No system is perfectly secure, so please use a password you do not use
          elsewhere.
        </p>
      </Section>

      <Section id="contact" title="8. Contact">
        <p>
          Questions about this policy, or a request about your data?{' '}
          {contactEmail ? (
            <>
              Write to{' '}
              <a
                className="font-semibold underline underline-offset-4"
                href={`mailto:${contactEmail}`}
              >
                {contactEmail}
              </a>
              .
            </>
          ) : (
            <>Write to the team that runs this site at the contact address it publishes.</>
          )}{' '}
          We answer within 30 days.
        </p>
      </Section>
    </article>
  );
}

/** privacy@<host of the public URL>, when that host is a real domain name. */
export function privacyContactFor(publicUrl: string | null | undefined): string | null {
  if (!publicUrl) return null;
  try {
    const host = new URL(publicUrl).hostname.replace(/^www\./, '');
    if (!host.includes('.') || /^[\d.]+$/.test(host) || host.endsWith('.localhost')) return null;
    return `privacy@${host}`;
  } catch {
    return null;
  }
}
