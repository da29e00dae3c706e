# Correct and fused: relu(2x + 0.5) * 0.5 = relu(x + 0.25), so two passes instead of four.
import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu_(x + 0.25)
