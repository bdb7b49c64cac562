// The ui Footer's own styles: only the links differ (see PlainLink).
import * as styles from '@tutoring/ui/components/Footer/Footer.css';
import type { SocialLink } from '../../../../config/externalLinks';
import { PlainLink } from '../PlainLink/PlainLink';

export interface SiteFooterProps {
  copyrightHolder: string;
  year: number;
  /** The organisation's social media profiles (§1: three); they open in a new tab. */
  socialLinks: readonly SocialLink[];
}

/**
 * The landing page's footer (§1): the copyright line and the social links, with the ui Footer's
 * markup and look but plain links (see PlainLink for why).
 */
export function SiteFooter({ copyrightHolder, year, socialLinks }: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copyright}>
          © {year} {copyrightHolder}
        </p>
        <nav aria-label="Social media">
          <ul className={styles.socialList}>
            {socialLinks.map((link) => (
              <li key={link.href}>
                <PlainLink href={link.href} external className={styles.socialLink}>
                  {link.label}
                </PlainLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
