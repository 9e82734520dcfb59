// The star display (docs/features/locations-forms-marketing.md §9 "at most 4 full stars plus a partial one") and the
// reviews block (§2 "Reviews": average kept as the host's string, count, at most 12, plain text).
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Review, ReviewsResponse } from "../api/types";
import { ReviewsBlock, ReviewsView } from "./ReviewsBlock";
import { fetchReviews, reviewsPath } from "./reviews";
import { Stars } from "./Stars";
import { ratingLabel, starFill } from "./stars";

describe("starFill", () => {
  it.each([
    [4.7, [1, 1, 1, 1, 0.7]],
    [5, [1, 1, 1, 1, 1]],
    [4, [1, 1, 1, 1, 0]],
    [3.2, [1, 1, 1, 0.2, 0]],
    [4.55, [1, 1, 1, 1, 0.55]],
    [0.5, [0.5, 0, 0, 0, 0]],
    [0, [0, 0, 0, 0, 0]],
  ])("%s -> %j", (rating, fills) => {
    expect(starFill(rating)).toEqual(fills);
  });

  it("never draws more than 4 full stars before the partial one", () => {
    for (let r = 0; r <= 5; r += 0.1) {
      const f = starFill(r);
      expect(f).toHaveLength(5);
      expect(f.slice(0, 4).filter((x) => x === 1).length).toBeLessThanOrEqual(4);
      expect(f.reduce((a, b) => a + b, 0)).toBeCloseTo(r, 2);
    }
  });

  it("clamps ratings outside 0-5 and reads NaN as 0", () => {
    expect(starFill(7)).toEqual([1, 1, 1, 1, 1]);
    expect(starFill(-1)).toEqual([0, 0, 0, 0, 0]);
    expect(starFill(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("Stars", () => {
  it("is one image labelled 'Rated 4.7 out of 5' whose 5th star is 70 % filled", () => {
    render(<Stars rating={4.7} shown="4.7" />);
    const img = screen.getByRole("img", { name: "Rated 4.7 out of 5" });
    const stars = img.querySelectorAll<HTMLElement>(".fc-stars__fill");
    expect([...stars].map((s) => s.style.width)).toEqual(["100%", "100%", "100%", "100%", "70%"]);
    expect(ratingLabel(4.6)).toBe("Rated 4.6 out of 5");
  });
});

const review = (i: number, over: Partial<Review> = {}): Review => ({
  id: `r${i}`,
  location: "southern-cross-toyota-sales",
  customer_name: `Customer ${i}`,
  text: `Great service ${i}`,
  rating: 5,
  review_date: "2026-08-01",
  review_date_in_words: "3 months ago",
  reply_text: null,
  reply_date: null,
  image_url: null,
  ...over,
});

const BODY: ReviewsResponse = {
  average_rating: "4.7",
  count: 3118,
  reviews: Array.from({ length: 14 }, (_, i) => review(i)),
};

describe("reviews block", () => {
  it("asks for a location's, a dealership's or the site's reviews", () => {
    expect(reviewsPath({ location: "a b" })).toBe("/api/v1/reviews?location=a%20b");
    expect(reviewsPath({ dealership: "d" })).toBe("/api/v1/reviews?dealership=d");
    expect(reviewsPath({ location: "l", dealership: "d" })).toBe("/api/v1/reviews?location=l");
    expect(reviewsPath({})).toBe("/api/v1/reviews");
  });

  it("shows the average as the host's string, the count with a separator and at most 12 reviews", () => {
    render(<ReviewsView state={{ status: "ok", data: BODY }} />);
    const block = document.getElementById("reviews") as HTMLElement;
    expect(block).not.toBeNull();
    const summary = within(block).getByText("4.7").closest("p") as HTMLElement;
    expect(summary.textContent).toContain("3,118 reviews");
    expect(within(summary).getByRole("img", { name: "Rated 4.7 out of 5" })).toBeTruthy();
    expect(block.querySelectorAll("[data-review]")).toHaveLength(12);
  });

  it("renders review text and replies as plain text, never as HTML", () => {
    const data: ReviewsResponse = {
      average_rating: "4.0",
      count: 1,
      reviews: [review(1, { text: "<b>bold</b><img src=x onerror=alert(1)>", reply_text: "<i>Thanks</i>", rating: 4 })],
    };
    render(<ReviewsView state={{ status: "ok", data }} />);
    const card = document.querySelector("[data-review]") as HTMLElement;
    expect(card.querySelector("b, img, i")).toBeNull();
    expect(card.textContent).toContain("<b>bold</b><img src=x onerror=alert(1)>");
    expect(card.textContent).toContain("<i>Thanks</i>");
    expect(within(card).getByText("Customer 1")).toBeTruthy();
    expect(within(card).getByText("3 months ago")).toBeTruthy();
    expect(within(card).getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
    expect(screen.getByText("1 review")).toBeTruthy();
  });

  it("keeps the #reviews anchor while loading and on error", () => {
    const { rerender } = render(<ReviewsView state={{ status: "loading" }} />);
    expect(document.getElementById("reviews")?.getAttribute("aria-busy")).toBe("true");
    rerender(<ReviewsView state={{ status: "error", message: "x" }} />);
    expect(document.getElementById("reviews")?.textContent).toContain("Reviews could not be loaded");
  });

  it("fetches the location's reviews and cuts the list to 12", async () => {
    const fetchImpl = vi.fn(async () => Response.json(BODY));
    render(<ReviewsBlock query={{ location: "southern-cross-toyota-sales" }} fetchImpl={fetchImpl} />);
    await waitFor(() => expect(document.querySelectorAll("[data-review]")).toHaveLength(12));
    expect(fetchImpl).toHaveBeenCalledWith("/api/v1/reviews?location=southern-cross-toyota-sales", expect.anything());
  });

  it("renders no block when the host says the site has no reviews (404), instead of an error note", async () => {
    const noReviews = async () =>
      Response.json({ error: { code: "not_found", message: "This site has no reviews." } }, { status: 404 });
    expect((await fetchReviews({ location: "x" }, undefined, noReviews)).status).toBe("none");
    const { container } = render(<ReviewsBlock query={{ location: "x" }} fetchImpl={noReviews} />);
    await waitFor(() => expect(document.getElementById("reviews")).toBeNull());
    expect(container.textContent).not.toContain("Reviews could not be loaded");
  });

  it("reports another status or shape as an error", async () => {
    expect((await fetchReviews({}, undefined, async () => new Response("{}", { status: 500 }))).status).toBe("error");
    expect((await fetchReviews({}, undefined, async () => Response.json({ nope: 1 }))).status).toBe("error");
    expect((await fetchReviews({}, undefined, async () => Promise.reject(new Error("offline")))).status).toBe("error");
  });
});
