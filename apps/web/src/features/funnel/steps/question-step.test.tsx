import { AGE_BANDS } from '@stillpoint/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { noAnswers } from '../funnel-storage';
import { QuestionStep } from './question-step';

describe('the age step', () => {
  it('claims nothing the plan does not use: age shapes nothing in it (docs/quiz.md)', () => {
    render(<QuestionStep step="AGE" answers={noAnswers} answer={vi.fn()} next={vi.fn()} goTo={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'How old are you?' })).toBeInTheDocument();
    for (const band of AGE_BANDS) expect(screen.getByRole('button', { name: band })).toBeInTheDocument();
    expect(screen.queryByText(/into account/i)).not.toBeInTheDocument();
    expect(
      screen.getByText("It helps us learn who Stillpoint helps. It doesn't change your plan."),
    ).toBeInTheDocument();
  });
});
