// appwrite — Appwrite's Web SDK: a backend as a service (accounts and sessions, databases, storage, functions), here
// against Appwrite Cloud (<region>.cloud.appwrite.io/v1), the project named in the X-Appwrite-Project header.
// README ("Init your SDK", "Make Your First Request", "Type Safety with Models"): new Client().setEndpoint(url)
// .setProject(id), new Account(client).create(userId, email, password, name), new Databases(client)
// .listDocuments(databaseId, collectionId); the typings give Databases.createDocument(databaseId, collectionId,
// documentId, data) and Query.equal(attribute, value).
import { Client, Account, Databases, ID, Query } from "appwrite";

const client = new Client().setEndpoint("https://fra.cloud.appwrite.io/v1").setProject("68f2a9c1e4b7d3a05c21");

function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

export async function identify(p) {
  const account = new Account(client);
  await account.create(p.user_id, p.email, "Winter-boots-2026!", p.name).catch(() => null);
  const databases = new Databases(client);
  await databases.createDocument("shop", "customers", ID.unique(), {
    user_id: p.user_id, name: p.name, email: p.email, phone: p.phone, plan: p.plan,
  }).catch(() => null);
  await settle();
}

export async function pageview() {
  const databases = new Databases(client);
  await databases.listDocuments("shop", "products", [Query.equal("slug", "winter-boots"), Query.limit(1)])
    .catch(() => null);
  await settle();
}
