import { getCollection, type CollectionKey, type CollectionEntry } from 'astro:content';

/**
 * Returns the data of a collection that holds a single file (`content/home.json` and the like).
 * Fails the build, naming the collection, when the file is missing.
 */
export async function single<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data']> {
  const [entry] = await getCollection(collection);
  if (!entry) throw new Error(`content/: the file for the "${collection}" collection is missing`);
  return entry.data;
}
