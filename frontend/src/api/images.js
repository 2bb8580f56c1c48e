import { api, ApiError } from "../lib/api";

// POST /images: our own upload endpoint.
// The image host answers {success, data: {display_url}}; a refusal arrives as {success: false, error}.
export async function uploadImage(file) {
  const form = new FormData();
  form.append("image", file);
  const answer = await api.post("/images", form);
  if (!answer?.success || !answer.data?.display_url) {
    throw new Error(answer?.error || "The image could not be uploaded.");
  }
  return answer.data.display_url;
}

// Why an upload failed, in the words the server (acting as the image host) used.
export function uploadProblem(error) {
  if (error instanceof ApiError) {
    return [].concat(error.fieldErrors.image || [])[0] || error.body.error || error.message;
  }
  return error.message;
}
