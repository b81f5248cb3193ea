/**
 * Who a Stripe customer or payment belongs to: one operator of one installation
 * (docs/decisions/0020-purchases-that-are-never-lost.md). Both are in the object's metadata; an object whose
 * metadata names another installation or another operator is never used, charged or credited here.
 */
export interface Owner {
  installationId: string;
  userId: number;
}

export function ownerMetadata(owner: Owner): { installation: string; user_id: string } {
  return { installation: owner.installationId, user_id: String(owner.userId) };
}

export function ownedBy(metadata: Readonly<Record<string, string>> | null | undefined, owner: Owner): boolean {
  return metadata?.installation === owner.installationId && metadata.user_id === String(owner.userId);
}
