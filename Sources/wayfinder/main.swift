import Wayfinder

print("wayfinder")
