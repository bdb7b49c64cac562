import { Link } from '../Link/Link';
import * as styles from './Footer.css';

export interface FooterLink {
  /** The link's accessible name, e.g. 'Instagram'. */
  label: string;
  href: string;
}

export interface FooterProps {
  /** Who holds the copyright: the organisation's name. */
  copyrightHolder: string;
  /** The year of the copyright line; the caller passes it so the footer stays pure. */
  year: number;
  /** The organisation's social media profiles; they open in a new tab. */
  socialLinks: readonly FooterLink[];
  /** Accessible name of the social links' navigation landmark. */
  socialLinksLabel?: string;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/** The page footer (contentinfo landmark): the copyright line and the social links (§1). */
export function Footer({
  copyrightHolder,
  year,
  socialLinks,
  socialLinksLabel = 'Social media',
  className,
}: FooterProps) {
  return (
    <footer className={[styles.footer, className].filter(Boolean).join(' ')}>
      <div className={styles.inner}>
        <p className={styles.copyright}>
          © {year} {copyrightHolder}
        </p>
        {socialLinks.length > 0 ? (
          <nav aria-label={socialLinksLabel}>
            <ul className={styles.socialList}>
              {socialLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} external className={styles.socialLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
