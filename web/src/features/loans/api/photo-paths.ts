/** The loan's photo list; each photo and its image or thumbnail are under it. */
export const photosPath = (loanUuid: string) => `/api/loans/${encodeURIComponent(loanUuid)}/photos`;
export const photoPath = (loanUuid: string, photoId: string) =>
  `${photosPath(loanUuid)}/${encodeURIComponent(photoId)}`;
