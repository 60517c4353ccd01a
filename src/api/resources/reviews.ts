// Reviews and contestations (spec 4.2), and buyers' questions (spec 4.2, 7.2): v2 only.
import type { ApiResponse } from '../client.js';
import type { AnswerQuestion, ContestReview } from '../requests.js';
import type { Contestation, Question, Review, ReviewStats } from '../responses.js';
import { Resource, type Call, type ListCall } from './call.js';

export class Reviews extends Resource {
  list(query: { page?: number } = {}): ListCall<Review> {
    return this.listOf('listReviews', { ...query });
  }

  stats(): Promise<ApiResponse<ReviewStats>> {
    return this.read('reviewStats');
  }

  contest(reviewId: number, body: ContestReview): Call<Contestation> {
    return this.call('contestReview', { params: { reviewId }, body });
  }

  contestations(query: { page?: number } = {}): ListCall<Contestation> {
    return this.listOf('listContestations', { ...query });
  }
}

export interface QuestionQuery {
  status?: string;
  productId?: number;
  orderId?: number;
  page?: number;
}

export class Questions extends Resource {
  list(query: QuestionQuery = {}): ListCall<Question> {
    return this.listOf('listQuestions', { ...query });
  }

  get(id: number): Promise<ApiResponse<Question>> {
    return this.read('getQuestion', { params: { id } });
  }

  /** The spec shows no answer body (A5): `data` may be absent. */
  answer(id: number, body: AnswerQuestion): Call<Question | undefined> {
    return this.call('answerQuestion', { params: { id }, body });
  }
}
