import { Card } from '@tutoring/ui/components/Card/Card';
import { Link } from '@tutoring/ui/components/Link/Link';
import { tutoringSupportLinkGroups } from '../../../../config/tutoringSupportLinks';
import * as page from '../tutoringPage.css';
import * as styles from './SupportPage.css';

const title = 'Support';

/** support (§2): three groups of external links, 1-on-1 Support, Resources and Match Support. */
export function SupportPage() {
  return (
    <div className={page.page}>
      <title>{title}</title>
      <div className={page.header}>
        <h1 className={page.title}>{title}</h1>
        <p className={page.lead}>
          Help with your sessions, the tools and your match, whenever you need it.
        </p>
      </div>
      <div className={styles.groups}>
        {tutoringSupportLinkGroups.map((group) => (
          <Card key={group.id} id={`support-${group.id}`} title={group.title}>
            <ul className={styles.links}>
              {group.links.map((link) => (
                <li key={link.id} className={styles.link}>
                  <Link href={link.href} external={link.kind === 'web'}>
                    {link.label}
                  </Link>
                  <p className={styles.description}>{link.description}</p>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}
