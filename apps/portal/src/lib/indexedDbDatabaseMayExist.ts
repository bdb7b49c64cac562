/**
 * Whether this origin may have an IndexedDB database of that name: true unless the browser lists
 * its databases and that one is not among them. A page that only asks never creates it (opening
 * one to find out would).
 */
export async function indexedDbDatabaseMayExist(name: string): Promise<boolean> {
  // Without a way to list databases, assume it may be there.
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === name);
  } catch {
    return true;
  }
}
