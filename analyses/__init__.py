"""Statistics over simulation results: tidy DataFrames with n and 95% CIs."""
