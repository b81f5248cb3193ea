import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { brand } from '../../contract/brands';
import {
  category,
  categoryUpdatedMessage,
  compactCategory,
  compactCategoryOf,
  duplicateCategoryNameMessage,
  duplicateSubcategoryNameMessage,
  embeddedBrandsLimit,
  embeddedEventsLimit,
  subcategoryUpdatedMessage,
  type Category,
  type RenameAnswer,
  type Subcategory,
} from '../../contract/categories';
import { equipment } from '../../contract/equipments';
import { event } from '../../contract/events';
import { modelTypes, statusRecord } from '../../contract/statuses';
import type { Database, Executor } from '../db/client';
import { categories, equipments, generationRuns, statuses, subcategories } from '../db/schema';
import { answerCache, concatJsonArrays, encodeJson } from './answer-cache';
import { listBrandsPage } from './brands';
import { listEquipments } from './equipments';
import { listEventsPage } from './events';
import { categoryUpdated, subcategoryUpdated, type Notifier } from '../notify/notifier';
import { serializeStatus } from './statuses';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors';

/**
 * Every category with its subcategories, their item counts and their current generation status. The counts are
 * the counter columns the database keeps (migration 0002), so the tree costs three small queries at any scale.
 */
export async function listCategories(db: Executor): Promise<Category[]> {
  const [categoryRows, subcategoryRows, statusRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, eventsCount: categories.eventsCount })
      .from(categories)
      .orderBy(asc(categories.name), asc(categories.id)),
    db
      .select({
        id: subcategories.id,
        name: subcategories.name,
        categoryId: subcategories.categoryId,
        brandsCount: subcategories.brandsCount,
        equipmentsCount: subcategories.equipmentsCount,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.name), asc(subcategories.id)),
    treeStatusRows(db),
  ]);
  const subcategoryStatus = new Map<number, string>();
  const categoryStatus = new Map<number, string>();
  for (const s of statusRows) {
    if (s.modelType === modelTypes.brand && s.subcategoryId != null) subcategoryStatus.set(s.subcategoryId, s.name);
    if (s.modelType === modelTypes.event && s.categoryId != null) categoryStatus.set(s.categoryId, s.name);
  }

  const byCategory = new Map<number, Category>(
    categoryRows.map((c) => [
      c.id,
      { id: c.id, name: c.name, status: categoryStatus.get(c.id) ?? null, events_count: c.eventsCount, subcategories: [] },
    ]),
  );
  for (const s of subcategoryRows) {
    byCategory.get(s.categoryId)?.subcategories.push({
      id: s.id,
      name: s.name,
      category_id: s.categoryId,
      status: subcategoryStatus.get(s.id) ?? null,
      brands_count: s.brandsCount,
      equipments_count: s.equipmentsCount,
    });
  }
  return [...byCategory.values()];
}

/** The statuses of the tree itself (categories' events, subcategories' brands): no brand-level ones. */
function treeStatusRows(db: Executor) {
  return db.select().from(statuses).where(isNull(statuses.brandId)).orderBy(asc(statuses.updatedAt), asc(statuses.id));
}

/** The tree and its statuses as JSON texts, kept while the catalogue's version stands. */
async function treeJson(db: Database): Promise<{ categories: string; compactCategories: string; statuses: string }> {
  return answerCache(db).get(
    'tree',
    async () => {
      const [tree, statusRows] = await Promise.all([listCategories(db), treeStatusRows(db)]);
      return {
        categories: encodeJson(z.array(category), tree),
        compactCategories: encodeJson(z.array(compactCategory), tree.map(compactCategoryOf)),
        statuses: encodeJson(
          z.array(statusRecord),
          statusRows.map((row) => serializeStatus(row)),
        ),
      };
    },
    (texts) => texts.categories.length + texts.compactCategories.length + texts.statuses.length,
  );
}

/**
 * GET /api/categories as JSON text: the tree, and (scoped extension) the first brands of `subcategory_id` (with
 * their first models) and the first events of `category_id`, with the statuses of the tree and of those brands.
 */
export async function categoriesAnswerJson(
  db: Database,
  scope: {
    subcategory_id?: number | undefined;
    category_id?: number | undefined;
    statuses?: boolean | undefined;
    compact?: boolean | undefined;
  },
): Promise<string> {
  const [tree, brandPage, eventPage] = await Promise.all([
    treeJson(db),
    scope.subcategory_id === undefined
      ? undefined
      : listBrandsPage(db, {
          subcategory_id: scope.subcategory_id,
          sort: 'name',
          dir: 'asc',
          offset: 0,
          limit: embeddedBrandsLimit,
          with_equipments: true,
        }),
    scope.category_id === undefined
      ? undefined
      : listEventsPage(db, { category_id: scope.category_id, sort: 'start_date', dir: 'asc', offset: 0, limit: embeddedEventsLimit }),
  ]);
  const brandStatuses = (brandPage?.brands ?? []).flatMap((b) => (b.status ? [b.status] : []));
  const parts = [
    `"categories":${scope.compact ? tree.compactCategories : tree.categories}`,
    `"brands":${encodeJson(z.array(brand), brandPage?.brands ?? [])}`,
    `"events":${encodeJson(z.array(event), eventPage?.events ?? [])}`,
    `"statuses":${scope.statuses === false ? '[]' : concatJsonArrays(tree.statuses, encodeJson(z.array(statusRecord), brandStatuses))}`,
  ];
  if (brandPage) parts.push(`"brands_total":${brandPage.total}`);
  if (eventPage) parts.push(`"events_total":${eventPage.total}`);
  return `{${parts.join(',')}}`;
}

/** GET /api/categories-with-subcategories as JSON text: the tree, and the first models of `subcategory_id`. */
export async function categoriesWithSubcategoriesJson(db: Database, scope: { subcategory_id?: number | undefined }): Promise<string> {
  const [tree, page] = await Promise.all([
    treeJson(db),
    scope.subcategory_id === undefined ? undefined : listEquipments(db, { subcategory_id: scope.subcategory_id, offset: 0, limit: 100 }),
  ]);
  return `{"categories":${tree.categories},"equipments":${encodeJson(z.array(equipment), page?.equipments ?? [])}}`;
}

async function categorySummary(db: Executor, id: number): Promise<NonNullable<RenameAnswer['category']> | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, eventsCount: categories.eventsCount })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) return undefined;
  const [status] = await db
    .select({ name: statuses.name })
    .from(statuses)
    .where(
      and(eq(statuses.modelType, modelTypes.event), eq(statuses.categoryId, id), isNull(statuses.subcategoryId), isNull(statuses.brandId)),
    )
    .limit(1);
  return { id: row.id, name: row.name, status: status?.name ?? null, events_count: row.eventsCount };
}

async function subcategorySummary(db: Executor, id: number): Promise<Subcategory | undefined> {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
  if (!row) return undefined;
  const [status] = await db
    .select({ name: statuses.name })
    .from(statuses)
    .where(and(eq(statuses.modelType, modelTypes.brand), eq(statuses.subcategoryId, id), isNull(statuses.brandId)))
    .limit(1);
  return {
    id: row.id,
    name: row.name,
    category_id: row.categoryId,
    status: status?.name ?? null,
    brands_count: row.brandsCount,
    equipments_count: row.equipmentsCount,
  };
}

/** Serialises the checks of category names (no row stands for "all categories" to lock). */
const categoryNamesLock = sql`select pg_advisory_xact_lock(hashtext('catalogue:category-names'))`;

/** The column holds `name`, whatever its case. */
const sameName = (column: typeof categories.name | typeof subcategories.name, name: string) => sql`lower(${column}) = lower(${name})`;

/**
 * POST /api/categories/update: 404 for a missing category; 422 when another category already has the name
 * (case-insensitive), changing nothing. The name's form is validated by the contract.
 */
export async function renameCategory(db: Executor, notifier: Notifier, input: { id: number; name: string }): Promise<RenameAnswer> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(categoryNamesLock);
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.id));
    if (!category) throw new NotFoundError('Category');
    const [sibling] = await tx
      .select({ name: categories.name })
      .from(categories)
      .where(and(ne(categories.id, input.id), sameName(categories.name, input.name)))
      .limit(1);
    if (sibling) throw new InvalidInputError('name', duplicateCategoryNameMessage(sibling.name));
    await tx.update(categories).set({ name: input.name, updatedAt: new Date() }).where(eq(categories.id, input.id));
    return category.id;
  });
  categoryUpdated(notifier, id);
  return { message: categoryUpdatedMessage, category: await categorySummary(db, id) };
}

/**
 * POST /api/subcategories/update: 404 for a missing subcategory; 422 when another subcategory of its category
 * already has the name (case-insensitive), changing nothing. The category's row is locked while it checks, so two
 * renames (or a rename and a move) into one category cannot both take a name.
 */
export async function renameSubcategory(db: Executor, notifier: Notifier, input: { id: number; name: string }): Promise<RenameAnswer> {
  await db.transaction(async (tx) => {
    const [subcategory] = await tx
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, input.id));
    if (!subcategory) throw new NotFoundError('Subcategory');
    await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, subcategory.categoryId)).for('update');
    const [sibling] = await tx
      .select({ name: subcategories.name })
      .from(subcategories)
      .where(
        and(eq(subcategories.categoryId, subcategory.categoryId), ne(subcategories.id, input.id), sameName(subcategories.name, input.name)),
      )
      .limit(1);
    if (sibling) throw new InvalidInputError('name', duplicateSubcategoryNameMessage(sibling.name));
    const [updated] = await tx
      .update(subcategories)
      .set({ name: input.name, updatedAt: new Date() })
      .where(and(eq(subcategories.id, input.id), eq(subcategories.categoryId, subcategory.categoryId)))
      .returning({ id: subcategories.id });
    // Moved to another category between the two statements: its siblings were not the ones checked.
    if (!updated) throw new ConflictError('The subcategory changed meanwhile. Please try again.');
  });
  subcategoryUpdated(notifier, input.id);
  return { message: subcategoryUpdatedMessage, subcategory: await subcategorySummary(db, input.id) };
}

/**
 * POST /api/equipments/subcategory/update (and its variant): moves a subcategory, with its equipment rows and its
 * generation runs, to another category in one transaction. 404 for a missing subcategory; 422 for a missing target category, the
 * subcategory's own category or one that has a subcategory of the same name (case-insensitive); nothing changes on
 * refusal.
 */
export async function moveSubcategory(
  db: Executor,
  notifier: Notifier,
  input: { subcategoryId: number; newCategoryId: number },
): Promise<RenameAnswer> {
  await db.transaction(async (tx) => {
    const [subcategory] = await tx
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, input.subcategoryId))
      .for('update');
    if (!subcategory) throw new NotFoundError('Subcategory');
    if (subcategory.categoryId === input.newCategoryId) {
      throw new InvalidInputError('newCategoryId', 'The subcategory already belongs to this category.');
    }
    const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.newCategoryId)).for('update');
    if (!target) throw new InvalidInputError('newCategoryId', 'The selected category does not exist.');
    const [namesake] = await tx
      .select({ name: subcategories.name })
      .from(subcategories)
      .where(and(eq(subcategories.categoryId, input.newCategoryId), sameName(subcategories.name, subcategory.name)))
      .limit(1);
    if (namesake) {
      throw new InvalidInputError('newCategoryId', `The selected category already has a subcategory named "${namesake.name}".`);
    }
    await tx
      .update(subcategories)
      .set({ categoryId: input.newCategoryId, updatedAt: new Date() })
      .where(eq(subcategories.id, subcategory.id));
    await tx
      .update(equipments)
      .set({ categoryId: input.newCategoryId, updatedAt: sql`now()` })
      .where(eq(equipments.subcategoryId, subcategory.id));
    // Its runs move with it: one in flight stores its items in the new category (it reads the category when it
    // stores them, waiting for this transaction), and its target stays the one a new generate is refused for.
    await tx.update(generationRuns).set({ categoryId: input.newCategoryId }).where(eq(generationRuns.subcategoryId, subcategory.id));
  });
  subcategoryUpdated(notifier, input.subcategoryId);
  return { message: subcategoryUpdatedMessage, subcategory: await subcategorySummary(db, input.subcategoryId) };
}
