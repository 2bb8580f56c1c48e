import useSWR from "swr";

// GET /categories: the school's categories of classes ({slug, name}), in the school's order.

export const categoriesKey = "/categories";

export function useCategories() {
  const { data, error } = useSWR(categoriesKey);
  return { categories: data, error };
}
